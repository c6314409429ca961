"""Azi computer players: Easy, Normal and Hard, and the reading, betting and solving they use."""
