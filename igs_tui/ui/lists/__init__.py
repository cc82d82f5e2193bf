"""The games list and the user list: their shared pane, filters, sorting, the table
they are drawn in, and asking the server again for a stale list.
"""
