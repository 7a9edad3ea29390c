"""gradebox: the web service and command line around the graders library."""
