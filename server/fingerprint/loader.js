// The device-fingerprint loader the reference server serves in the place of a fraud-detection
// vendor's script (spec §7 iovation). It fills the hidden #ioBlackBox input that the sign-in page
// polls every 200 ms for up to 5 s, and that value travels as `f` in login-info.
(async () => {
  const signals = [
    navigator.userAgent,
    navigator.language,
    String(screen.width),
    String(screen.height),
    String(screen.colorDepth),
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    String(navigator.hardwareConcurrency ?? ''),
  ].join('|');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(signals));
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  let field = document.getElementById('ioBlackBox');
  if (!field) {
    field = document.createElement('input');
    field.type = 'hidden';
    field.id = 'ioBlackBox';
    document.body.append(field);
  }
  field.value = `fp1:${hex}`;
})();
