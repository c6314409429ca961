"""What outlives a window: the data and config folders, safe writes, saved records, the resume
save and the history database (storage.history). No pygame here."""
