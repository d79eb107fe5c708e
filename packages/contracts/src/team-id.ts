/** A team's id: `team_` and 16 base64url characters (the teams' schemas and the social reads' `teamId`). */
export const TEAM_ID_PATTERN = /^team_[A-Za-z0-9_-]{16}$/;
