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
 * not over the link) the downloads start earlier, in a task after the next frame (that frame's
 * rendering has painted the shell and handed it to the compositor), and the modules still run only
 * once the paint is reported. The paint entry comes once the frame is on screen, a whole
 * presentation after the frame (~300 ms on the bench's software-rendered Chromium): fetching and
 * compiling meanwhile brought an offline reload's first oval ~100 ms sooner. Running them
 * meanwhile too was tried: the oval came as soon, but the shell ~90 ms later, the modules' work
 * competing with the frame's raster on two cores (16 offline reloads each, alternated builds).
 * A first visit (Lighthouse's case) starts nothing before the paint entry.
 * Chromium offers installation once (`beforeinstallprompt`), possibly before the app has booted:
 * the boot keeps that offer on `window.__auroraInstallOffer` for src/pwa/installPromptStore.ts.
 */
export const BOOT_SCRIPT =
  "addEventListener('beforeinstallprompt',(e)=>{e.preventDefault();window.__auroraInstallOffer=e},{once:true});" +
  "const s=document.querySelector('script[data-entry]');let done=false;let fetching=null;" +
  'const task=()=>new Promise((r)=>{const c=new MessageChannel();c.port1.onmessage=()=>r();c.port2.postMessage(0)});' +
  "const entry=s&&s.dataset.entry;const pre=s?(s.dataset.preload||'').split(' ').filter(Boolean):[];" +
  "const fetchAll=()=>fetching||(fetching=(async()=>{for(const href of[...pre,entry]){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;document.head.append(l);await task()}})());" +
  'const boot=async()=>{if(done||!s)return;done=true;await fetchAll();' +
  'for(const href of pre){await import(href).catch(()=>undefined);await task()}' +
  'await import(entry)};' +
  'setTimeout(boot,1000);' +
  "if(document.visibilityState==='hidden')boot();" +
  "else if(typeof PerformanceObserver!=='undefined'&&(PerformanceObserver.supportedEntryTypes||[]).includes('paint')){" +
  'if(s&&navigator.serviceWorker&&navigator.serviceWorker.controller)requestAnimationFrame(()=>setTimeout(fetchAll,0));' +
  "new PerformanceObserver((list)=>{if(list.getEntriesByName('first-contentful-paint').length)boot()})" +
  ".observe({type:'paint',buffered:true})}" +
  'else requestAnimationFrame(()=>setTimeout(boot,0))';
