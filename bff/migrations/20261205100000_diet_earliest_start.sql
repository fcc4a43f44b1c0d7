-- The customer may move a diet's start while it has run at most a week, counted from the earliest start it had
-- since the team last set one: counted from the current start, a move every six days handed back most of a month.
ALTER TABLE diet ADD COLUMN earliest_start_at BIGINT;
UPDATE diet SET earliest_start_at = starts_at;
