"""Command-line tools: the headless simulator."""
