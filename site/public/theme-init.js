// Applies the remembered (or system) colour theme before first paint. Loaded synchronously from <head>
// as a file, since the Content-Security-Policy forbids inline scripts. Key shared with src/lib/theme.ts.
(function () {
  try {
    var saved = localStorage.getItem('brightwave-theme');
    var dark = saved ? saved === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    /* storage unavailable: keep the light theme */
  }
})();
