"""Durak computer players: Easy, Normal and Hard, and the reading, search and solving they use."""
