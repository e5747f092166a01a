"""The Card Designer's shared form (base.py); each game's own form lives in
cards/games/<game>/designer.py, named by its definition."""
