"""When two spellings of a username are one player's name.

" alice", "ALICE" and "ａｌｉｃｅ" (fullwidth letters) are all "alice": log-in finds one
account by any of them, sign-up refuses a name that is another's in a different spelling,
and the log-in limit per account counts them as one name. All three read this one function,
so a spelling that logs in can never be a spelling that counts apart.
"""

import unicodedata


def normalised(username):
    """The name with case, look-alike forms and surrounding spaces set aside: Unicode's
    NFKC_Casefold recipe (NFKC, case-fold, NFKC again, as case-folding can undo NFKC), then
    stripped. Applying it twice gives the same as once."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", username).casefold())
    return folded.strip()
