"""Drawing: card faces and backs, chips, felt, card sprites and tweens. Views only, never rules."""
