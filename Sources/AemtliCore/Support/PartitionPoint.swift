extension RandomAccessCollection {
    /// The first index whose element is `isAfter`, by binary search; `endIndex` when none is.
    /// The collection must be partitioned: every element that is not `isAfter` comes before
    /// every element that is (a sorted list and a test like "later than t").
    func partitionPoint(where isAfter: (Element) -> Bool) -> Index {
        var low = startIndex
        var remaining = count
        while remaining > 0 {
            let half = remaining / 2
            let middle = index(low, offsetBy: half)
            if isAfter(self[middle]) {
                remaining = half
            } else {
                low = index(after: middle)
                remaining -= half + 1
            }
        }
        return low
    }
}
