"""Work off the GUI thread: fits and reports in worker processes, progress back as typed
events, and blocking reads in a thread while the window keeps painting."""
