/**
 * Every place an Instagram post of the shared dataset names, lower-cased: what "location
 * contains" reads before the posts (migration 2026-11-30T0400_instagram_places keeps it by a
 * trigger on `posts`, so every writer of posts adds its places).
 */
export interface InstagramPlacesTable {
  place: string;
}
