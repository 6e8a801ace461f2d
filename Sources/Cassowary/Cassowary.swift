// Placeholder; replaced by the solver (issue 4).
public enum CassowaryPlaceholder {}
