"""axe-core in the browser tests: the pinned ``axe-playwright-python`` package ships
axe-core's ``axe.min.js``, put into the page under test and run there."""

from __future__ import annotations

from typing import Any

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
"""The rules axe runs: WCAG 2.0, 2.1 and 2.2, levels A and AA."""
AXE_IMPACTS = {"critical", "serious"}
"""The violations that fail a test."""
AXE_RUN = """async (tags) => {
  const results = await axe.run(document, {
    runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]});
  return results.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 8)}));
}"""


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """What axe-core (the pinned ``axe-playwright-python``'s ``axe.min.js``, put into the
    page here) finds on the page as it is now: every violation, of any impact."""
    from axe_playwright_python.base import AXE_SCRIPT

    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE_SCRIPT)  # through the debugger: the page's CSP does not apply
    found: list[dict[str, Any]] = page.evaluate(AXE_RUN, AXE_TAGS)
    return found


def accessibility_failures(page: Any, where: str) -> list[str]:
    """The critical and serious WCAG 2 A/AA violations on the page as it is now, each
    with its rule, its help and where it is."""
    bad = [v for v in axe_violations(page) if v["impact"] in AXE_IMPACTS]
    return [
        f"{where}: {v['id']} ({v['impact']}): {v['help']}\n    at {'; '.join(v['targets'])}"
        for v in bad
    ]


def assert_accessible(page: Any, where: str) -> None:
    """No critical or serious WCAG 2 A/AA violation on the page as it is now."""
    bad = accessibility_failures(page, where)
    assert not bad, f"{len(bad)} accessibility violations\n" + "\n".join(bad)
