"""The board itself: how it is drawn (stones, marks, coordinates), laid out and
styled, and the widget that takes keys and clicks on it.
"""
