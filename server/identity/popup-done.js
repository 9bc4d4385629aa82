// The last page of a popup sign-in: tell the Foyer page that opened it how it ended, then close.
// Same origin only: the message names no data beyond the outcome.
const outcome = document.body.dataset.outcome;
if (window.opener && (outcome === 'signedIn' || outcome === 'cancelled')) {
  window.opener.postMessage({ type: 'foyer.identity', outcome }, window.location.origin);
  window.close();
}
