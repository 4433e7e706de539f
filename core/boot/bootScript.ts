/**
 * The page's one inline script, as text: the build inlines it (scripts/vite/bootAfterPaint.ts, which
 * says why the page boots this way) and the servers allow it by its hash in the
 * Content-Security-Policy (server/csp.ts). Here, in the core, because both must agree on the same
 * bytes and neither may import the other: a server does not load a build plugin.
 */

/**
 * Boots the entry named in `data-entry` once the browser reports the first contentful paint (or,
 * without paint timing, after the next frame): at once in a hidden tab (it paints nothing until
 * shown, and its data can load meanwhile), and after 1 s at the latest should paint be held back
 * (the timer is set first, so a browser without PerformanceObserver still boots).
 * On a page its service worker controls (a return visit: the code comes from the worker's cache,
 * not over the link) it boots in a task after the next frame: that frame's rendering has then
 * painted the shell and handed it to the compositor, which shows it without the main thread. The
 * paint entry comes only once the frame is on screen, and waiting for it put the offline reload's
 * first oval a whole presentation later (~300 ms on the bench's software-rendered Chromium;
 * tests/bench/map.bench.ts, quiet: offline oval 687 → 524 ms with src/app/afterFirstOval.ts's
 * frame). A first visit (Lighthouse's case) keeps
 * waiting for the paint entry.
 * Chromium offers installation once (`beforeinstallprompt`), possibly before the app has booted:
 * the boot keeps that offer on `window.__auroraInstallOffer` for src/pwa/installPromptStore.ts.
 */
export const BOOT_SCRIPT =
  "addEventListener('beforeinstallprompt',(e)=>{e.preventDefault();window.__auroraInstallOffer=e},{once:true});" +
  "const s=document.querySelector('script[data-entry]');let done=false;" +
  'const task=()=>new Promise((r)=>{const c=new MessageChannel();c.port1.onmessage=()=>r();c.port2.postMessage(0)});' +
  'const boot=async()=>{if(done||!s)return;done=true;const entry=s.dataset.entry;' +
  "const pre=(s.dataset.preload||'').split(' ').filter(Boolean);" +
  "for(const href of[...pre,entry]){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;document.head.append(l);await task()}" +
  'for(const href of pre){await import(href).catch(()=>undefined);await task()}' +
  'await import(entry)};' +
  'setTimeout(boot,1000);' +
  "if(document.visibilityState==='hidden')boot();" +
  "else if(navigator.serviceWorker&&navigator.serviceWorker.controller)requestAnimationFrame(()=>setTimeout(boot,0));" +
  "else if(typeof PerformanceObserver!=='undefined'&&(PerformanceObserver.supportedEntryTypes||[]).includes('paint'))" +
  "new PerformanceObserver((list)=>{if(list.getEntriesByName('first-contentful-paint').length)boot()})" +
  ".observe({type:'paint',buffered:true});" +
  'else requestAnimationFrame(()=>setTimeout(boot,0))';
