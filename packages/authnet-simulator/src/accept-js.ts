/**
 * The simulator's Accept.js: the same global `Accept.dispatchData(secureData, callback)` contract
 * and callback shape as Authorize.Net's script, with its client-side checks and E_WC_ codes. It
 * turns card data into an opaque token by calling the simulator's securePaymentContainerRequest —
 * card data goes to the (simulated) payment provider, never to the Vault's /api.
 */
export function acceptJsSource(requestUrl: string): string {
  return `/* Vault local Authorize.Net simulator: Accept.js */
(function () {
  'use strict';
  var ENDPOINT = ${JSON.stringify(requestUrl)};
  function reply(callback, response) { setTimeout(function () { callback(response); }, 0); }
  function failure(list) { return { messages: { resultCode: 'Error', message: list } }; }
  function luhn(n) {
    var sum = 0;
    for (var i = 0; i < n.length; i++) {
      var d = Number(n.charAt(n.length - 1 - i));
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return n.length >= 13 && sum % 10 === 0;
  }
  function dispatchData(secureData, callback) {
    if (typeof callback !== 'function') throw new Error('Accept.dispatchData needs a callback');
    var auth = (secureData && secureData.authData) || {};
    var card = (secureData && secureData.cardData) || {};
    var errors = [];
    if (!auth.clientKey) errors.push({ code: 'E_WC_18', text: 'Client Key is required.' });
    if (!auth.apiLoginID) errors.push({ code: 'E_WC_10', text: 'Please provide valid apiLoginID.' });
    var number = String(card.cardNumber || '').replace(/\\s+/g, '');
    if (!/^\\d{13,16}$/.test(number) || !luhn(number)) errors.push({ code: 'E_WC_05', text: 'Please provide valid credit card number.' });
    var month = String(card.month || '');
    if (!/^(0?[1-9]|1[0-2])$/.test(month)) errors.push({ code: 'E_WC_06', text: 'Please provide valid expiration month.' });
    var year = String(card.year || '');
    if (!/^(\\d{2}|\\d{4})$/.test(year)) errors.push({ code: 'E_WC_07', text: 'Please provide valid expiration year.' });
    if (errors.length === 0) {
      var fullYear = year.length === 2 ? 2000 + Number(year) : Number(year);
      var now = new Date();
      if (fullYear < now.getFullYear() || (fullYear === now.getFullYear() && Number(month) < now.getMonth() + 1)) {
        errors.push({ code: 'E_WC_08', text: 'Expiration date must be in the future.' });
      }
    }
    if (card.cardCode !== undefined && card.cardCode !== '' && !/^\\d{3,4}$/.test(String(card.cardCode))) {
      errors.push({ code: 'E_WC_15', text: 'Please provide valid CVV.' });
    }
    if (errors.length) return reply(callback, failure(errors));
    var mm = ('0' + Number(month)).slice(-2);
    var yyyy = String(year.length === 2 ? 2000 + Number(year) : year);
    var body = { securePaymentContainerRequest: {
      merchantAuthentication: { name: auth.apiLoginID, clientKey: auth.clientKey },
      refId: String(Date.now()).slice(-8),
      data: { type: 'TOKEN', id: String(Math.random()).slice(2), token: { cardNumber: number, expirationDate: mm + yyyy, cardCode: card.cardCode || undefined, fullName: card.fullName || undefined } }
    } };
    fetch(ENDPOINT, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'omit' })
      .then(function (r) { return r.text(); })
      .then(function (text) {
        var res = JSON.parse(text.replace(/^\\uFEFF/, ''));
        if (res.messages && res.messages.resultCode === 'Ok') callback({ opaqueData: res.opaqueData, messages: res.messages });
        else callback({ messages: res.messages || failure([{ code: 'E_WC_19', text: 'An error occurred during processing. Please try again.' }]).messages });
      })
      .catch(function () { callback(failure([{ code: 'E_WC_19', text: 'An error occurred during processing. Please try again.' }])); });
  }
  window.Accept = { dispatchData: dispatchData };
})();
`;
}
