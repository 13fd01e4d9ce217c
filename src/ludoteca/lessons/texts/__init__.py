"""Each game's lesson texts in a module of its own."""
