#pragma once

#include <condition_variable>
#include <mutex>
#include <queue>

template <typename T>
class SafeQueue {
public:
    void enqueue(T t) {
        std::lock_guard<std::mutex> lock(m);
        q.push(std::move(t));
        c.notify_one();
    }

    T dequeue() {
        std::unique_lock<std::mutex> lock(m);
        c.wait(lock, [&] { return !q.empty(); });
        T val = std::move(q.front());
        q.pop();
        return val;
    }

private:
    std::queue<T> q;
    mutable std::mutex m;
    std::condition_variable c;
};
