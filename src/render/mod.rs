//! Position to PNG: the shared drawing kit and one drawer per game. Nothing here yet: it arrives with the renderer issue.
