// SPDX-License-Identifier: MIT
// Outlines that cross themselves: what the scenario editor and `scenario check` refuse (issue 31).
#include <algorithm>

#include "fortuna/land/geometry.hpp"

namespace fortuna {

std::optional<OutlineCrossing> outline_crossing(const std::vector<BoardPoint>& points, bool closed) {
    // The outline's corners, each with its index in `points`, a point repeated at once dropped.
    std::vector<std::size_t> corners;
    for (std::size_t i = 0; i < points.size(); ++i)
        if (corners.empty() || !(points[corners.back()] == points[i])) corners.push_back(i);
    if (closed && corners.size() > 1 && points[corners.front()] == points[corners.back()]) corners.pop_back();
    const std::size_t n = corners.size();
    const std::size_t segments = closed ? (n >= 3 ? n : 0) : (n >= 2 ? n - 1 : 0);
    const auto start = [&](std::size_t s) { return points[corners[s]]; };
    const auto end = [&](std::size_t s) { return points[corners[(s + 1) % n]]; };
    for (std::size_t a = 0; a < segments; ++a) {
        const BoardPoint a1 = start(a), a2 = end(a);
        const double ax0 = std::min(a1.x_mm, a2.x_mm), ax1 = std::max(a1.x_mm, a2.x_mm);
        const double ay0 = std::min(a1.y_mm, a2.y_mm), ay1 = std::max(a1.y_mm, a2.y_mm);
        for (std::size_t b = a + 2; b < segments; ++b) {
            if (closed && a == 0 && b == segments - 1) continue;  // the closing segment meets the first
            const BoardPoint b1 = start(b), b2 = end(b);
            if (std::max(b1.x_mm, b2.x_mm) < ax0 || std::min(b1.x_mm, b2.x_mm) > ax1 || std::max(b1.y_mm, b2.y_mm) < ay0 ||
                std::min(b1.y_mm, b2.y_mm) > ay1)
                continue;
            if (segments_cross(a1, a2, b1, b2)) return OutlineCrossing{corners[a], corners[b]};
        }
    }
    // Three corners of an open line can still fold back on themselves (a-b-a): two neighbours
    // overlapping along a stretch, not only at their shared corner.
    for (std::size_t a = 0; a + 1 < segments; ++a) {
        const BoardPoint p = start(a), q = end(a), r = end(a + 1);
        const double cross = (q.x_mm - p.x_mm) * (r.y_mm - q.y_mm) - (q.y_mm - p.y_mm) * (r.x_mm - q.x_mm);
        const double dot = (q.x_mm - p.x_mm) * (r.x_mm - q.x_mm) + (q.y_mm - p.y_mm) * (r.y_mm - q.y_mm);
        if (cross == 0 && dot < 0) return OutlineCrossing{corners[a], corners[a + 1]};
    }
    return std::nullopt;
}

}  // namespace fortuna
