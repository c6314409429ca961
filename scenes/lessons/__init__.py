"""Learn to play: a guided first game of each kind on the real table, with a coach.

A lesson is data (:mod:`.script`): an openly prepared deal, every move of the story, and the
coach's notes at the moves that show a rule. :mod:`.source` plays it through the table's
``EventSource`` seam (a ``LiveSource`` whose computer seats answer from the script and whose
person's moves are checked against it); :mod:`.table` adds the coach's bubble to the table.
This package is the one place in the program allowed to deal a prepared deck: lessons say
so on the table ("Lesson deal"), and are never recorded as games.
"""
