// Unit tests of the scripted model's planning: which tools it calls and with what arguments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { planReply } from '../../demo/server/scripted-model.mjs';
import { extractNames, triggerPhrase } from '../../demo/server/tool-heuristics.mjs';

const ask = (/** @type {string} */ content, /** @type {any[]} */ tools) =>
  planReply({ threadId: 't', runId: 'r', messages: [{ id: 'u', role: 'user', content }], tools });

const tool = (/** @type {string} */ name, properties = {}, required = Object.keys(properties), description = '') => ({
  name, description, parameters: { type: 'object', properties, required },
});

test('trigger phrases drop leading verbs and split camelCase', () => {
  assert.equal(triggerPhrase('get_secret_number'), 'secret number');
  assert.equal(triggerPhrase('fetchWeatherReport'), 'weather report');
  assert.equal(triggerPhrase('get'), 'get');
});

test('names after "for"/"of" are split on commas and "and"', () => {
  assert.deepEqual(extractNames('What are the secret numbers for alice and bob?'), ['alice', 'bob']);
  assert.deepEqual(extractNames('secret number of Alice, Bob & Carol please'), ['Alice', 'Bob', 'Carol']);
  assert.deepEqual(extractNames('hello there'), []);
});

test('arguments are guessed from the schema and the text', () => {
  const weather = tool('get_weather', { city: { type: 'string' }, days: { type: 'integer' }, unit: { type: 'string', enum: ['C', 'F'] }, alerts: { type: 'boolean' } });
  assert.deepEqual(ask('What is the weather in Paris over 3 days?', [weather]).calls, [
    { name: 'get_weather', args: { city: 'Paris', days: 3, unit: 'C', alerts: true } },
  ]);
  const quoted = ask('Show the weather "New York" please', [weather]).calls[0].args;
  assert.equal(quoted.city, 'New York');
  assert.equal(quoted.days, 1);
});

test('zero-argument tools get {} and description keywords are a fallback', () => {
  const clock = tool('get_time', {}, [], 'Reads the clock of the browser');
  assert.deepEqual(ask('What time is it?', [clock]).calls, [{ name: 'get_time', args: {} }]);
  assert.deepEqual(ask('Check the clock', [clock]).calls, [{ name: 'get_time', args: {} }]);
  assert.deepEqual(ask('Tell me a story', [clock]).calls, []);
});

test('a name match wins over incidental description words of other tools', () => {
  const secret = tool('get_secret_number', { name: { type: 'string' } });
  const adder = tool('add_numbers', { a: { type: 'number' }, b: { type: 'number' } }, ['a', 'b'], 'Adds two secret values');
  const { calls } = ask('What is the secret number for alice?', [secret, adder]);
  assert.deepEqual(calls, [{ name: 'get_secret_number', args: { name: 'alice' } }]);
});

test("the demo page's suggested prompts work as written", () => {
  // The tools of demo/demo-tools.js, as the page declares them.
  const fillForm = tool('fill_form', { name: { type: 'string' } }, ['name'], 'Fill the contact form name field');
  const setThemeColor = tool('set_theme_color', { color: { type: 'string' } }, ['color'], 'Set the page theme colour');
  const readForm = tool('read_form', {}, [], 'Read the fields of the contact form');
  const tools = [fillForm, setThemeColor, readForm];
  assert.deepEqual(ask('Fill the form with name Ada', tools).calls, [{ name: 'fill_form', args: { name: 'Ada' } }]);
  assert.deepEqual(ask('Set the theme colour to teal', tools).calls, [{ name: 'set_theme_color', args: { color: 'teal' } }]);
  assert.deepEqual(ask('Set the theme color to teal', tools).calls, [{ name: 'set_theme_color', args: { color: 'teal' } }]);
  assert.deepEqual(ask('Fill the form named Grace', tools).calls, [{ name: 'fill_form', args: { name: 'Grace' } }]);
  assert.deepEqual(ask('Read the form', tools).calls, [{ name: 'read_form', args: {} }]);
});
