"""The main screen around the panes: the screen itself, the status bar,
notifications and sounds, the command palette, help.
"""
