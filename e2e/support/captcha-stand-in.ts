import type { Page } from '@playwright/test';

/**
 * A stand-in for Google's reCAPTCHA script: a `grecaptcha` with render, getResponse and reset whose
 * widget is a checkbox. Ticking it answers with window.__captchaToken (default "good"), which the
 * siteverify stand-in reads as success, refusal ("refused") or an outage ("down").
 */
const fakeRecaptchaScript = `(function () {
  var widgets = [];
  window.grecaptcha = {
    render: function (container, params) {
      var id = widgets.length;
      var label = document.createElement('label');
      label.className = 'fake-recaptcha';
      label.setAttribute('style', 'display:flex;align-items:center;gap:12px;width:304px;height:78px;padding:0 12px;border:1px solid #d3d3d3;border-radius:3px;background:#f9f9f9;color:#222;font:14px Roboto,Arial,sans-serif');
      var box = document.createElement('input');
      box.type = 'checkbox';
      box.setAttribute('style', 'width:24px;height:24px');
      label.appendChild(box);
      label.appendChild(document.createTextNode("I'm not a robot"));
      var widget = { response: '', box: box, theme: params.theme, size: params.size, sitekey: params.sitekey };
      box.addEventListener('change', function () {
        widget.response = box.checked ? (window.__captchaToken || 'good') + '-' + Date.now() : '';
        if (widget.response && params.callback) params.callback(widget.response);
      });
      widgets.push(widget);
      container.appendChild(label);
      window.__captchaWidgets = widgets;
      return id;
    },
    getResponse: function (id) { var w = widgets[id || 0]; return w ? w.response : ''; },
    reset: function (id) { var w = widgets[id || 0]; if (w) { w.response = ''; w.box.checked = false; } },
    execute: function () {}
  };
  // like Google's script, call the page's onload callback after this script has finished loading
  var script = document.currentScript;
  var onload = new URL(script.src).searchParams.get('onload');
  script.addEventListener('load', function () {
    setTimeout(function () { if (onload && typeof window[onload] === 'function') window[onload](); }, 0);
  });
})();`;

/** Every request to the captcha provider's hosts: api.js gets the stand-in, anything else is refused. */
export async function routeCaptchaToStandIn(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(
    /^https:\/\/(www\.google\.com|www\.gstatic\.com|www\.recaptcha\.net|recaptcha\.google\.com)\//,
    (route) => {
      const url = route.request().url();
      requested.push(url);
      if (/\/recaptcha\/(api|enterprise)\.js/.test(url)) {
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: fakeRecaptchaScript });
      }
      return route.abort('blockedbyclient');
    },
  );
  return requested;
}
