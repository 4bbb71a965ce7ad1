// types.h — common result type and image planes of the cross-modal stereo pipeline
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cms {

enum class Modality { RGB, IR };

/// Single-channel float image (stands in for a CV_32F cv::Mat).
struct FloatPlane {
    int rows = 0;
    int cols = 0;
    std::vector<float> data;

    bool empty() const { return data.empty(); }
    const float* ptr(int y) const { return data.data() + static_cast<size_t>(y) * cols; }
    float at(int y, int x) const { return data[static_cast<size_t>(y) * cols + x]; }
    bool isContinuous() const { return true; }
};

/// Single-channel byte mask (stands in for a CV_8U cv::Mat).
struct MaskPlane {
    int rows = 0;
    int cols = 0;
    std::vector<uint8_t> data;

    bool empty() const { return data.empty(); }
    const uint8_t* ptr(int y) const { return data.data() + static_cast<size_t>(y) * cols; }
};

template <typename T>
class Result {
public:
    static Result success(T value) { Result r; r.ok_ = true; r.value_ = std::move(value); return r; }
    static Result error(std::string msg) { Result r; r.msg_ = std::move(msg); return r; }
    explicit operator bool() const { return ok_; }
    const T& value() const { return value_; }
    const std::string& error_msg() const { return msg_; }

private:
    bool ok_ = false;
    T value_{};
    std::string msg_;
};

template <>
class Result<void> {
public:
    static Result success() { Result r; r.ok_ = true; return r; }
    static Result error(std::string msg) { Result r; r.msg_ = std::move(msg); return r; }
    explicit operator bool() const { return ok_; }
    const std::string& error_msg() const { return msg_; }

private:
    bool ok_ = false;
    std::string msg_;
};

} // namespace cms
