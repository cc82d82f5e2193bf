"""Starting and ending a session: the login form and what it asks for, the
connecting screen, logging out and reconnecting.
"""
