"""Conversations: the chat pane and its input, slash commands, completion, the logs
on disk and the history read back from them, and the server console.
"""
