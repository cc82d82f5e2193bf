"""The base of the modal dialogs and the small widgets they share."""
