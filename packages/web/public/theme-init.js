// Runs before first paint (a blocking script, external so a strict CSP allows it): apply the saved
// theme so the page never flashes the wrong colours, and the last known system name as the title.
;(function () {
  try {
    var mode = localStorage.getItem('theme-mode') || 'system'
    var dark = mode === 'dark' || (mode === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches)
    if (dark) document.documentElement.classList.add('dark')
    var title = localStorage.getItem('system_name')
    if (title) document.title = title
  } catch {
    /* storage unavailable: defaults apply */
  }
})()
