-- Who may change an anonymous answer record (issue 13): the create call answers a random edit token and the row
-- keeps only its SHA-256 (hex), so a leaked database does not hand out the tokens. Records made before this
-- migration have none: an anonymous one can no longer be changed (its creator starts a new record), a linked one
-- still can by its customer.
ALTER TABLE form_answer ADD COLUMN edit_token_hash TEXT;
