"""The list page: the Transformer section in learning order, under its heading."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

# The order: each exercise builds on the ones before it.
TRANSFORMER_SECTION = [
    "stable-softmax",
    "sinusoidal-positional-encoding",
    "learned-position-embedding",
    "causal-mask",
    "scaled-dot-product-attention",
    "multi-head-attention",
    "rotary-positional-embedding",
    "gelu-feed-forward",
    "layer-norm",
    "rms-norm",
    "pre-norm-residual-block",
    "softmax-cross-entropy",
    "temperature-top-k-sampling",
]


@pytest.mark.browser
def test_the_transformer_section_lists_its_exercises_in_learning_order(page: Page) -> None:
    page.goto("/")
    section = page.locator(".exercise-section").filter(
        has=page.get_by_role("heading", name="Transformer architecture")
    )
    expect(section).to_have_count(1)
    links = section.locator(".exercise-card-title a")
    expect(links).to_have_count(len(TRANSFORMER_SECTION))
    hrefs = [links.nth(index).get_attribute("href") for index in range(len(TRANSFORMER_SECTION))]
    assert hrefs == [f"/exercises/{slug}" for slug in TRANSFORMER_SECTION]
