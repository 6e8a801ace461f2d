// Placeholder; replaced by the PropertyCheck engine (issue 3).
public enum PropertyCheckPlaceholder {}
