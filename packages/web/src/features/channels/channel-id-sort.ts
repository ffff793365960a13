/** Spec §3: the ID-sort toggle is remembered locally under 'id-sort'. */
const ID_SORT_KEY = 'id-sort'

export function readIdSort(): boolean {
  try {
    return localStorage.getItem(ID_SORT_KEY) === 'true'
  } catch {
    return false
  }
}

export function writeIdSort(value: boolean): void {
  try {
    localStorage.setItem(ID_SORT_KEY, String(value))
  } catch {
    /* persistence is best effort */
  }
}
