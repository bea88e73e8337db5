/**
 * DOM helpers. Everything the page shows from a provider goes in as text
 * nodes or attribute values, never as markup: there is no HTML parsing sink
 * in the page (the CSP's Trusted Types policy would refuse one anyway). Text
 * from a provider goes in through `quote`: isolated, its hidden characters
 * shown (web/shared/visible.ts), in a container no page text uses.
 */
import { hiddenIn, marker } from "../shared/visible.ts";

/** A child: a node, or text (numbers and strings become text nodes); nothing for null, undefined or false. */
type Child = Node | string | number | undefined | null | false;
type Props = Record<string, string | number | boolean | undefined>;

function build<T extends Element>(node: T, props: Props, children: readonly Child[]): T {
  for (const [name, value] of Object.entries(props))
    if (value !== undefined && value !== false) node.setAttribute(name, value === true ? "" : String(value));
  fillIn(node, children);
  return node;
}

function fillIn(node: Element, children: readonly Child[]): void {
  for (const child of children)
    if (child !== undefined && child !== null && child !== false)
      node.append(typeof child === "object" ? child : String(child));
}

/** An HTML element with attributes (true ⇒ present, false or undefined ⇒ absent) and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  return build(document.createElement(tag), props, children);
}

/** An SVG element with attributes and children. */
export function svg(tag: string, props: Props = {}, ...children: Child[]): SVGElement {
  return build(document.createElementNS("http://www.w3.org/2000/svg", tag) as SVGElement, props, children);
}

/**
 * Text from a provider as children: the text, with each bidi control or
 * invisible character shown as a marker element. For an element that is
 * already a quotation (a `<bdi class="q">` of a template); `quote` makes one.
 */
export function marked(text: string): Child[] {
  const children: Child[] = [];
  let at = 0;
  for (const { index, character } of hiddenIn(text)) {
    children.push(text.slice(at, index), el("span", { class: "ctl" }, marker(character)));
    at = index + character.length;
  }
  children.push(text.slice(at));
  return children;
}

/**
 * Text from a provider (or from a transcript), quoted: a `<bdi>` (its own
 * direction, isolated from the page's text around it) styled as a quotation,
 * its hidden characters marked.
 */
export function quote(text: string, props: Props = {}): HTMLElement {
  return el("bdi", { ...props, class: props.class ? `q ${props.class}` : "q" }, ...marked(text));
}

/** The element with this id (the page's skeleton is static HTML, so a missing one is a bug). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`#${id} is missing from index.html`);
  return node as T;
}

/** The form field with this id. */
export function input(id: string): HTMLInputElement {
  return byId<HTMLInputElement>(id);
}

/** Replaces an element's children. */
export function fill(node: Element, ...children: Child[]): void {
  node.replaceChildren();
  fillIn(node, children);
}

/** Fills each `[data-slot=name]` under `root` with its value's children (text stays text). */
export function slots(root: ParentNode, values: Record<string, Child | readonly Child[]>): void {
  for (const [name, value] of Object.entries(values)) {
    const node = root.querySelector(`[data-slot="${name}"]`);
    if (node) fill(node, ...(Array.isArray(value) ? value : [value]));
  }
}

/** A copy of a `<template>`'s first element (the page's own static markup). */
export function fromTemplate(id: string): HTMLElement {
  return (byId<HTMLTemplateElement>(id).content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
}

/** A hash shortened for display: the first 12 hex digits (the full value goes beside it or in a title). */
export function short(digest: string): string {
  return digest.startsWith("sha256:") ? `${digest.slice(7, 19)}…` : digest;
}

/** Offers `text` as a file download (nothing leaves the page). */
export function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = el("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Lets the browser paint and handle input before the next slice of work. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
