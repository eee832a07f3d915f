/** Device data sent with the sign-in (seed 000 §3, the session record): shown in /sessions. */
export function deviceData() {
  const ua = navigator.userAgent;
  const os = /Android/i.test(ua) ? 'Android' : /iPhone|iPad/i.test(ua) ? 'iOS' : /Windows/i.test(ua) ? 'Windows' : /Mac OS/i.test(ua) ? 'macOS' : /Linux/i.test(ua) ? 'Linux' : '';
  const version = /(?:Android|Windows NT|Mac OS X|CPU (?:iPhone )?OS) ([\d._]+)/.exec(ua)?.[1]?.replace(/_/g, '.') ?? '';
  return {
    platform: 'web',
    language: navigator.language,
    os,
    os_version: version,
    device_brand: '',
    device_model: /Mobile/i.test(ua) ? 'móvil' : 'escritorio',
    app_version: '0.1.0',
    uuid: deviceUuid(),
  };
}

function deviceUuid(): string {
  const key = 'faena.device';
  let id = localStorage.getItem(key);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(key, id);
  }
  return id;
}
