"""Hearsay's faces: the pygame window, the command line and the HTML report.

ui reads game state and sends commands; it never changes beliefs itself.
"""
