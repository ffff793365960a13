/** What the model label needs of the routing table: the models some channel lists, per group. */
export interface ListedModels {
  listed: Map<string, Set<string>>
}

/** Models outside every channel's list share this label. */
export const OTHER_MODEL = 'other'

const unions = new WeakMap<ListedModels, Set<string>>()

/**
 * The model as a label value: itself when some channel lists it, `other` otherwise, so a client
 * inventing model names cannot grow the label set. The union over groups is built once per routing
 * table (tables are replaced, never changed, when channels change).
 */
export function modelLabel(model: string, snapshot: ListedModels): string {
  let known = unions.get(snapshot)
  if (!known) {
    known = new Set<string>()
    for (const models of snapshot.listed.values()) for (const name of models) known.add(name)
    unions.set(snapshot, known)
  }
  return known.has(model) ? model : OTHER_MODEL
}
