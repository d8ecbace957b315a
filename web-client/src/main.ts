import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { i18n } from './i18n/i18n.svelte';

const target = document.getElementById('app');
if (!target) throw new Error('missing #app');

// The language first, then the page: English is at hand at once, another
// language's chunk loads before the first paint, so a reader never sees the
// page flash by in English. (A chunk that cannot load leaves it English.)
void i18n
  .start()
  .catch(() => undefined)
  .then(() => mount(App, { target }));
