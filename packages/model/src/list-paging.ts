/**
 * How many matches past a page's end `pagination-size` counts, at most, unless `count=exact`: the
 * count then stops and the header is a lower bound (docs/api.md). Counting goes through the matches
 * one by one, so its cost grows with the cap; bounded by the page, it stays a few pages' work
 * whatever the filter. The web shows such a count as "220+".
 */
export const COUNT_AHEAD = 200;
