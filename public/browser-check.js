function foyerBrowserCheck(w) {
  var I = w.Intl;
  var l = w.location;
  var f = 'function';
  try {
    if (
      'noModule' in w.document.createElement('script') &&
      typeof w.URL.canParse === f &&
      typeof w.Object.hasOwn === f &&
      typeof w.Array.prototype.at === f &&
      typeof w.fetch === f &&
      typeof w.AbortController === f &&
      typeof w.globalThis === 'object' &&
      typeof I.getCanonicalLocales === f &&
      typeof I.PluralRules === f &&
      typeof I.DisplayNames === f
    )
      return;
  } catch (_) {}
  l.replace(['/unsupported-browser?from=', encodeURIComponent(l.pathname + l.search + l.hash)].join(''));
}
foyerBrowserCheck(window);
