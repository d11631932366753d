/** @jsxImportSource preact */
import { render } from 'preact';
import { App } from './App';
import './customer.css';

render(<App />, document.getElementById('root')!);
