"""The print engine: true-size card sheets, backs, bleed pages, the calibration sheet.

geometry.py places everything in mm; faces.py turns rules data into card faces (the
template interface every ruleset and deck uses); fitting.py shrinks text to fit; sheets.py
lays faces out and renders the PDF; calibration.py draws the print check sheet.
"""
