/** Figures the public pages show, each counted in the database when asked. */
export interface SiteStats {
  assetsTracked: number;
  postsStored: number;
}

/** Ways to reach the team that the public pages show. */
export interface SiteContact {
  /** The operator's address (CONTACT_EMAIL), or null when none is configured. */
  email: string | null;
}
