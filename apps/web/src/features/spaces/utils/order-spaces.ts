/** Favourites first, each group keeping the server's order (newest first). */
export function orderFavoritesFirst<T extends { id: string }>(spaces: readonly T[], favoriteIds: ReadonlySet<string>) {
  return [
    ...spaces.filter((space) => favoriteIds.has(space.id)),
    ...spaces.filter((space) => !favoriteIds.has(space.id)),
  ];
}
