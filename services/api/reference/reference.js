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

  // Scalar's bundle (4 MB) is loaded only for a signed-in user, beside the document.
  function loadScalar() {
    return new Promise(function (resolve, reject) {
      var script = document.createElement('script');
      script.src = '/api/docs/scalar.js';
      script.onload = resolve;
      script.onerror = reject;
      document.body.append(script);
    });
  }

  var token = currentToken();
  if (!token) return askSignIn('La referencia de la API es solo para usuarios con sesión.');
  var scalar = loadScalar();
  fetch('/api/openapi.json', { headers: { authorization: 'Bearer ' + token } })
    .then(function (res) {
      if (res.status === 401) return askSignIn('La sesión expiró: inicie sesión de nuevo para ver la referencia de la API.');
      if (!res.ok) throw new Error('HTTP ' + res.status);
      return Promise.all([res.json(), scalar]).then(function (loaded) {
        var doc = loaded[0];
        app.className = '';
        window.Scalar.createApiReference('#app', {
          content: doc,
          withDefaultFonts: false,
          hideClientButton: false,
          // In Spanish, and nothing that calls Scalar's cloud (the page's policy allows only this
          // server): no telemetry, no AI agent, no MCP generator, no deploy/share toolbar.
          localization: { locale: 'es' },
          telemetry: false,
          agent: { disabled: true },
          mcp: { disabled: true },
          showDeveloperTools: 'never',
          authentication: { preferredSecurityScheme: 'bearer', securitySchemes: { bearer: { token: token } } },
        });
      });
    })
    .catch(function () {
      app.textContent = 'No se pudo cargar la referencia de la API.';
    });
})();
