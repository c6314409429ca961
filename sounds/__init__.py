"""Table sounds synthesised by our own code (no sound files): see synth.py and bank.py."""
