import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { i18n } from './i18n/i18n.svelte';

const target = document.getElementById('app');
if (!target) throw new Error('missing #app');

// The language first (English is at hand at once; another loads its chunk).
void i18n.start();

export default mount(App, { target });
