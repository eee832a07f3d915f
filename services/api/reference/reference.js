// The API reference page (GET /api/docs): loads the OpenAPI document with the session token the
// web app keeps for the current account and renders it with Scalar. Signed-in users only: without
// a session that the API accepts, the page asks for sign-in instead. Served as a file, so the page
// needs no inline script (the Content-Security-Policy allows none).
(function () {
  var app = document.getElementById('app');

  function currentToken() {
    try {
      var accounts = JSON.parse(localStorage.getItem('faena.accounts') || '[]');
      var current = Number(localStorage.getItem('faena.current') || 0);
      var account = accounts.find(function (a) { return a.id === current; });
      return account ? account.token : null;
    } catch (e) {
      return null;
    }
  }

  function askSignIn(text) {
    app.className = 'signin';
    app.textContent = '';
    var p = document.createElement('p');
    p.textContent = text;
    var a = document.createElement('a');
    a.href = '/login?redirect=' + encodeURIComponent('/api/docs');
    a.textContent = 'Iniciar sesión';
    app.append(p, a);
  }

  var token = currentToken();
  if (!token) return askSignIn('La referencia de la API es solo para usuarios con sesión.');
  fetch('/api/openapi.json', { headers: { authorization: 'Bearer ' + token } })
    .then(function (res) {
      if (res.status === 401) return askSignIn('La sesión expiró: inicie sesión de nuevo para ver la referencia de la API.');
      if (!res.ok) throw new Error('HTTP ' + res.status);
      return res.json().then(function (doc) {
        app.className = '';
        window.Scalar.createApiReference('#app', {
          content: doc,
          withDefaultFonts: false,
          hideClientButton: false,
          authentication: { preferredSecurityScheme: 'bearer', securitySchemes: { bearer: { token: token } } },
        });
      });
    })
    .catch(function () {
      app.textContent = 'No se pudo cargar la referencia de la API.';
    });
})();
